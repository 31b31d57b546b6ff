import './owners-only-notice.css';
import { STAFF_PATHS } from '@mandado/shared/staff-routes';
import { Link } from 'react-router';

interface OwnersOnlyNoticeProps {
  /** The page's own heading, so the member knows where the link took them. */
  title: string;
  /** What only the owners may do here ('Solo los dueños de la tienda pueden …'). */
  message: string;
}

/**
 * An owners-only page of /comercio opened by a staff member (a shared link, an old bookmark): the API would
 * answer 403, so the page says why at once, with the way back to the orders, instead of a failed load.
 */
export function OwnersOnlyNotice({ title, message }: OwnersOnlyNoticeProps) {
  return (
    <div className="owners-only">
      <h1 className="owners-only__title">{title}</h1>
      <p className="notice notice--warn owners-only__notice">{message}</p>
      <p>
        <Link to={STAFF_PATHS.merchant} className="button button--secondary">
          Ver los pedidos
        </Link>
      </p>
    </div>
  );
}
