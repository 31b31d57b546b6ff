import { ChangeCityHost } from '../city-choice/change-city-host.tsx';
import { NotMyCityHost } from '../city-choice/not-my-city-host.tsx';
import { PageOutlet } from './layout-parts.tsx';

/** Full-screen pages (the city selection) with the city overlays they open. */
export function EmptyLayout() {
  return (
    <div className="shell shell--empty">
      <PageOutlet />
      <NotMyCityHost />
      <ChangeCityHost />
    </div>
  );
}
