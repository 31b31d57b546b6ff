import { WEB_PATHS } from '@mandado/shared/web-routes';
import { generatePath } from 'react-router';

/** The order detail's path (the features link to it without knowing the routes). */
export function orderDetailPath(number: string): string {
  return generatePath(WEB_PATHS.userOrder, { number });
}
