import { invitationSchema } from '@mandado/shared/help.schemas';
import { MESSAGES } from '@mandado/shared/messages';
import { parseMoney } from '@mandado/shared/money';
import { shortNumberText } from '@mandado/shared/money-text';
import { normalizeEmail } from '@mandado/shared/validation-rules';
import { Dialog } from '@mandado/web-kit/dialog.tsx';
import { apiFieldErrors, failureText } from '@mandado/web-kit/form/api-form-errors.ts';
import { invalidProps } from '@mandado/web-kit/form/field-a11y.ts';
import { FieldError } from '@mandado/web-kit/form/form-controls.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useDisplayCurrency } from '../../hooks/use-display-currency.ts';
import { useAppStore } from '../../state/app-store.ts';
import { createCopiedState } from './copied-state.ts';
import { creditText } from './credit-text.ts';
import { sendInvitation } from './referral.api.ts';
import {
  type ReferralFigures,
  referralRewardLine,
  referralShareLinks,
  referralSteps,
} from './referral-share.ts';
import './referral.css';

/** What the popup needs of a logged-in user. */
export interface ReferralUser {
  credit: string;
  referral_token: string;
}

interface ReferralPopupProps {
  /** Null for a visitor: the e-mail is then their own, to generate their link (spec §4 Referral). */
  user: ReferralUser | null;
  figures: ReferralFigures;
  /** The e-mail the footer's box took; empty when opened elsewhere. */
  initialEmail: string;
  /** The site's origin, for the invitation link. */
  origin: string;
  onClose: () => void;
  /** A visitor's e-mail: the app checks whether it is registered and opens the login or register panel. */
  onVisitorEmail: (email: string) => Promise<void>;
  /** Spec §4: sharing while anonymous opens the register panel. */
  onVisitorShare: (email: string) => void;
}

/** Instagram has no web share address: the phone's share sheet, or the link copied to paste there. */
const INSTAGRAM_COPIED =
  'Instagram no permite compartir enlaces desde la web: copiamos tu enlace para que lo pegues en tu historia o en un mensaje.';

function emailError(email: string): string | undefined {
  const parsed = invitationSchema.safeParse({ email });
  return parsed.success ? undefined : (parsed.error.issues[0]?.message ?? MESSAGES.invalidEmail);
}

/**
 * Spec §2 Referral popup: 'Gana 5 por cada persona que invites', the steps, the current credit, the e-mail box
 * and the share buttons. Logged in, the e-mail is a friend's and gets an invitation; for a visitor it is their
 * own and leads to the login or register panel, pre-filled.
 */
export function ReferralPopup(props: ReferralPopupProps) {
  const { user, figures } = props;
  const ids = useId();
  const emailId = `${ids}-email`;
  const display = useDisplayCurrency();
  const notify = useAppStore((state) => state.notify);
  const [email, setEmail] = useState(props.initialEmail);
  const [error, setError] = useState<string | undefined>(undefined);
  const [visitorPending, setVisitorPending] = useState(false);
  const [copied, setCopied] = useState(false);
  const [shareNote, setShareNote] = useState('');
  // The toaster sits under the modal dialog (inert, behind the backdrop): the popup says "sent" itself.
  const [sent, setSent] = useState<{ title: string; detail: string } | null>(null);
  const [copiedState] = useState(() => createCopiedState(setCopied));
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => () => copiedState.dispose(), [copiedState]);

  const invitation = useMutation({ mutationFn: sendInvitation });
  const pending = invitation.isPending || visitorPending;
  const links = user ? referralShareLinks(props.origin, user.referral_token, figures) : null;
  const steps = referralSteps(figures);

  async function copyLink(): Promise<boolean> {
    if (!links) return false;
    try {
      await navigator.clipboard.writeText(links.link);
    } catch {
      // No clipboard (an old browser, permission refused): the link stays on screen to copy by hand.
      return false;
    }
    return true;
  }

  async function handleCopy() {
    if (await copyLink()) copiedState.mark();
  }

  async function shareOnInstagram() {
    if (!links) return;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: 'Mandado', text: links.text, url: links.link });
        return;
      } catch (shareError) {
        // The shopper closed the share sheet: nothing to say. Any other failure falls back to the copy.
        if (shareError instanceof DOMException && shareError.name === 'AbortError') return;
      }
    }
    if (await copyLink()) {
      copiedState.mark();
      setShareNote(INSTAGRAM_COPIED);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = normalizeEmail(email);
    setEmail(typed);
    const problem = emailError(typed);
    setError(problem);
    setSent(null);
    if (problem) {
      inputRef.current?.focus();
      return;
    }
    if (!user) {
      setVisitorPending(true);
      try {
        await props.onVisitorEmail(typed);
      } catch (visitorError) {
        setError(failureText(visitorError) ?? MESSAGES.serverError);
        inputRef.current?.focus();
      } finally {
        setVisitorPending(false);
      }
      return;
    }
    invitation.mutate(
      { email: typed },
      {
        onSuccess: (answer) => {
          notify({ kind: 'success', title: answer.title, message: answer.detail });
          setSent({ title: answer.title, detail: answer.detail });
          setEmail('');
        },
        onError: (sendError) => {
          // Spec §8: a field error under the field; a refusal (already registered, already invited, too
          // many) is about this address too, so its Spanish detail goes there. The typed value stays.
          setError(apiFieldErrors(sendError).email ?? failureText(sendError) ?? MESSAGES.serverError);
          inputRef.current?.focus();
        },
      },
    );
  }

  return (
    <Dialog
      title={`Gana ${shortNumberText(parseMoney(figures.referral_inviter_reward))} por cada persona que invites`}
      onClose={props.onClose}
      closeLabel="Cerrar invitaciones"
    >
      <div className="referral">
        <p className="referral__reward">{referralRewardLine(figures)}</p>
        <ol className="referral__steps">
          {steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>

        {user ? (
          <p className="referral__credit">
            Tu crédito actual: <strong>{creditText(user.credit, display)}</strong>
          </p>
        ) : null}

        <form className="form referral__form" noValidate onSubmit={(event) => void submit(event)}>
          <div className="form__field">
            <label className="field-label" htmlFor={emailId}>
              {user ? 'Correo de tu amigo' : 'Tu correo electrónico'}
            </label>
            <div className="referral__email-row">
              <input
                ref={inputRef}
                {...invalidProps(emailId, error, `${emailId}-hint`)}
                type="email"
                inputMode="email"
                autoComplete={user ? 'off' : 'email'}
                autoCapitalize="none"
                spellCheck={false}
                value={email}
                onChange={(event) => setEmail(event.target.value.toLowerCase())}
              />
              <button type="submit" className="button button--primary" disabled={pending}>
                {pending ? <Spinner size="small" /> : null}
                {user ? 'Enviar invitación' : 'Generar mi enlace'}
              </button>
            </div>
            <p id={`${emailId}-hint`} className="form__hint">
              {user
                ? 'Te enviaremos un correo con tu enlace de invitación.'
                : 'Inicia sesión o crea tu cuenta con tu correo para obtener tu enlace de invitación.'}
            </p>
            <FieldError fieldId={emailId} message={error} />
          </div>
          <div role="status" className="referral__sent">
            {sent ? (
              <>
                <p className="referral__sent-title">{sent.title}</p>
                <p>{sent.detail}</p>
              </>
            ) : null}
          </div>
        </form>

        {links ? (
          <div className="referral__link">
            <label className="field-label" htmlFor={`${ids}-link`}>
              Tu enlace de invitación
            </label>
            <div className="referral__email-row">
              <input id={`${ids}-link`} className="input" readOnly value={links.link} />
              <button
                type="button"
                className="button button--secondary referral__copy"
                onClick={() => void handleCopy()}
              >
                <span aria-live="polite">{copied ? 'Enlace copiado' : 'Copiar enlace'}</span>
              </button>
            </div>
          </div>
        ) : null}

        <section className="referral__share" aria-labelledby={`${ids}-share`}>
          <h3 id={`${ids}-share`} className="referral__share-title">
            Comparte tu enlace
          </h3>
          <div className="referral__share-buttons">
            {links ? (
              <>
                <button
                  type="button"
                  className="button button--secondary referral__network referral__network--instagram"
                  onClick={() => void shareOnInstagram()}
                >
                  Instagram
                </button>
                <a
                  className="button button--secondary referral__network referral__network--facebook"
                  href={links.facebook}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  Facebook<span className="visually-hidden"> (se abre en otra pestaña)</span>
                </a>
                <a
                  className="button button--secondary referral__network referral__network--whatsapp"
                  href={links.whatsapp}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  WhatsApp<span className="visually-hidden"> (se abre en otra pestaña)</span>
                </a>
              </>
            ) : (
              (['Instagram', 'Facebook', 'WhatsApp'] as const).map((network) => (
                <button
                  key={network}
                  type="button"
                  className={`button button--secondary referral__network referral__network--${network.toLowerCase()}`}
                  onClick={() => props.onVisitorShare(normalizeEmail(email))}
                >
                  {network}
                </button>
              ))
            )}
          </div>
          <p className="referral__share-note" role="status">
            {shareNote}
          </p>
        </section>
      </div>
    </Dialog>
  );
}
