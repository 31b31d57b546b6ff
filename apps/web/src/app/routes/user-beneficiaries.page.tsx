import { UserEmptySection } from './user-empty-section.tsx';

/** Spec §2 /user/beneficiaries; the beneficiaries issue fills it. */
export function UserBeneficiariesPage() {
  return (
    <UserEmptySection title="Mis Direcciones" emptyTitle="Todavía no tienes direcciones guardadas">
      Las direcciones de quienes reciben tus compras se guardan al pagar tu primer pedido.
    </UserEmptySection>
  );
}
