import { Link } from 'react-router';
import { usePageTitle } from '../../hooks/use-page-title';

/** An address under /staff that the console does not have. */
export function StaffNotFound() {
  usePageTitle('Page not found');
  return (
    <>
      <h1>Page not found</h1>
      <p>
        The staff console has no page at this address. <Link to="/staff">Back to the console’s home</Link>
      </p>
    </>
  );
}
