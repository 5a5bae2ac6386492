import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';

/** The toasts' container, a module of its own: the app downloads it with the first toast (app/provider.tsx). */
export { Notifications } from '@mantine/notifications';
