import { shortDateText } from '@mandado/shared/date-text';
import { parseMoney } from '@mandado/shared/money';
import { usdText } from '@mandado/shared/money-text';
import { WALLET_ENTRY_LABELS, type Wallet } from '@mandado/shared/wallet.schemas';
import { formatPrice } from '@mandado/web-kit/display-money.ts';
import { EmptyState } from '@mandado/web-kit/empty-state.tsx';
import { Link } from 'react-router';
import { useDisplayCurrency } from '../../hooks/use-display-currency.ts';
import { useAppStore } from '../../state/app-store.ts';
import { movementDirection, signedUsd } from './wallet-format.ts';
import './wallet.css';

interface WalletViewProps {
  wallet: Wallet;
  /** Where an order's page is (the app knows the routes). */
  orderPath: (number: string) => string;
  /** The way to the shop for an empty wallet. */
  shopPath: string;
}

/** 'Mi Billetera': the credit balance (dollars) and its append-only movements, newest first. */
export function WalletView({ wallet, orderPath, shopPath }: WalletViewProps) {
  const display = useDisplayCurrency();
  const openReferral = useAppStore((state) => state.openReferral);
  const usd = usdText(parseMoney(wallet.balance));
  return (
    <div className="wallet">
      <div className="wallet__balance">
        <span className="wallet__balance-label">Crédito disponible</span>
        <span className="wallet__balance-amount">
          {display.code === 'USD' ? usd : formatPrice(wallet.balance, 'USD', display)}
        </span>
        {display.code === 'USD' ? null : <span className="wallet__balance-usd">{usd}</span>}
        <span className="wallet__balance-note">Se descuenta de tus compras en el paso de pago.</span>
      </div>
      <div className="wallet__invite">
        <p className="wallet__invite-text">
          Invita a tus amigos y familiares: ganas crédito cuando hacen su primera compra.
        </p>
        <button
          type="button"
          className="button button--primary button--small"
          aria-haspopup="dialog"
          onClick={() => openReferral()}
        >
          Invita y gana
        </button>
      </div>
      <section className="wallet__movements" aria-labelledby="wallet-movements-title">
        <h3 id="wallet-movements-title" className="wallet__movements-title">
          Movimientos
        </h3>
        {wallet.entries.length === 0 ? (
          <EmptyState title="Todavía no tienes movimientos">
            <p>Gana 5 por cada persona que invites: el crédito aparece aquí y se descuenta de tus compras.</p>
            <p>
              <Link to={shopPath} className="button button--primary button--small">
                Ver tiendas
              </Link>
            </p>
          </EmptyState>
        ) : (
          <ul className="wallet__list">
            {wallet.entries.map((entry) => (
              <li key={entry.id} className="wallet__entry">
                <div className="wallet__entry-main">
                  <span className="wallet__entry-kind">{WALLET_ENTRY_LABELS[entry.kind]}</span>
                  <span className="wallet__entry-meta">
                    <time dateTime={entry.created}>{shortDateText(entry.created)}</time>
                    {entry.order ? (
                      <>
                        {' · '}
                        <Link to={orderPath(entry.order)} className="wallet__entry-order">
                          Pedido {entry.order}
                        </Link>
                      </>
                    ) : null}
                  </span>
                  {entry.note ? <span className="wallet__entry-note">{entry.note}</span> : null}
                </div>
                <span
                  className={`wallet__entry-amount wallet__entry-amount--${movementDirection(entry.amount)}`}
                >
                  {signedUsd(entry.amount)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
