import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from '../../components/not-found-page';
import { ServerErrorPage } from '../../components/server-error-page';

/**
 * The router's error element. A failed chunk load after a deploy, a render crash or a thrown
 * response all land here: 404 responses get the 404 page, everything else the 500 page.
 */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <div className="bw-frame">
        <NotFoundPage />
      </div>
    );
  }
  console.error('Route error', error);
  return <ServerErrorPage />;
}
