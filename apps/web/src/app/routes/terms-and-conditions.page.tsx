import { Link } from 'react-router';

/** Placeholder legal text until the company provides the final one. */
export function TermsAndConditionsPage() {
  return (
    <article className="container page-section prose">
      <h1>Términos y condiciones</h1>
      <p className="prose__note">Última actualización: este texto es provisorio.</p>
      <h2>1. El servicio</h2>
      <p>
        Mandado es un mercado en línea que te permite comprar, desde Uruguay o desde el exterior, productos de
        tiendas oficiales adheridas en Montevideo para que sean entregados a la persona que elijas.
      </p>
      <h2>2. Quién puede comprar</h2>
      <p>
        Pueden registrarse personas mayores de edad con una tarjeta de débito o crédito a su nombre. La compra
        mínima es de un producto y no hay máximo.
      </p>
      <h2>3. Precios y pagos</h2>
      <p>
        Los precios se muestran en la moneda que elijas como referencia. Tu banco hace la conversión final del
        cargo. Los precios incluyen un margen de servicio.
      </p>
      <h2>4. Entregas</h2>
      <p>
        Un repartidor independiente entrega en 24 a 48 horas, de lunes a viernes. En algunas zonas el
        repartidor coordina un punto de encuentro.
      </p>
      <h2>5. Devoluciones</h2>
      <p>Si la persona que recibe no recibió un producto, te devolvemos el dinero de ese producto.</p>
      <p>
        ¿Dudas? Mirá los <Link to="/termsuse">términos de uso</Link> o escribinos.
      </p>
    </article>
  );
}
