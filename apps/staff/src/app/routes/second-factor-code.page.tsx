import { SecondFactorCodeForm } from '../../features/second-factor/second-factor-code-form.tsx';
import { StaffHeader } from '../layouts/staff-header.tsx';

/**
 * /comercio/verificacion (issue 27): outside the areas' doors on purpose (until the code, the session acts for
 * nobody and every guard would send the person back to the login), with a staff header for a familiar frame.
 */
export function SecondFactorCodePage() {
  return (
    <>
      <StaffHeader area="Verificación" />
      <main className="staff-main container">
        <SecondFactorCodeForm />
      </main>
    </>
  );
}
