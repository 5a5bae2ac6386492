// Route wiring only: the organization settings screens replace the modules of this folder.
import { Outlet } from 'react-router';

export function Component() {
  return <Outlet />;
}
