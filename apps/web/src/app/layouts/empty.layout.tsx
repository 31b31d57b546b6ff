import { ChangeCityHost } from '../city-choice/change-city-host.tsx';
import { NotMyCityHost } from '../city-choice/not-my-city-host.tsx';
import { HelpHost } from '../help/help-host.tsx';
import { PageOutlet } from './layout-parts.tsx';

/**
 * Full-screen pages (the city selection) with the city overlays they open, and help: a shared `?ayuda=` link
 * of a first-time visitor lands here (no city yet) and must open there too.
 */
export function EmptyLayout() {
  return (
    <div className="shell shell--empty">
      <PageOutlet />
      <NotMyCityHost />
      <ChangeCityHost />
      <HelpHost />
    </div>
  );
}
