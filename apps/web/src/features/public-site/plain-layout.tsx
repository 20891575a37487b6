import { Outlet } from 'react-router';
import { PlainFrame } from '../../components/plain-frame';
import { BrandLink } from './site-header';

/** The plain frame around the link pages of the router (paths.ts `publicPages` with layout 'plain'). */
export function PlainLayout() {
  return (
    <PlainFrame brand={<BrandLink />}>
      <Outlet />
    </PlainFrame>
  );
}
