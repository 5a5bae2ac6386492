import { BrowserRouter } from 'react-router';
import { APP_BASE_PATH } from '@console/domain';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

export function App() {
  return (
    <AppProvider>
      <BrowserRouter basename={APP_BASE_PATH}>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  );
}
