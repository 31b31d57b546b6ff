import { UserEmptySection } from './user-empty-section.tsx';

/** Spec §2 /user/orders; the orders issue fills it. */
export function UserOrdersPage() {
  return (
    <UserEmptySection title="Mis Compras" emptyTitle="Todavía no tienes compras">
      Cuando compres para tu familia, tus pedidos y su estado aparecen aquí.
    </UserEmptySection>
  );
}
