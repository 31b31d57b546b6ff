import { useId } from 'react';

/**
 * 'Descargar mis datos' (issue 32, Ley 18.331 art. 14: the right of access). Plain links: the session cookie
 * goes with a same-origin GET, the server answers an attachment, and no script has to hold the data.
 */
export function MyDataDownload() {
  const ids = useId();
  return (
    <section className="account-card" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="account-card__title">
        Descargar mis datos
      </h2>
      <p>
        Todo lo que guardamos sobre ti: tu cuenta, lo que aceptaste, tus beneficiarios, tus pedidos, tu
        crédito y los correos que te enviamos.
      </p>
      <p className="account-card__actions">
        <a className="button button--secondary button--small" href="/v1/users/my-data/" download>
          Descargar en JSON
        </a>{' '}
        <a className="button button--secondary button--small" href="/v1/users/my-data.csv" download>
          Descargar en CSV (Excel)
        </a>
      </p>
    </section>
  );
}
