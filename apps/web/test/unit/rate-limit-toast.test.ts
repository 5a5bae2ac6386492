import { notifications } from '@mantine/notifications';
import { RATE_LIMITED_TOAST_ID, toastIfRateLimited } from '@/components/toasts';
import { apiErrorFromBody } from '@/lib/api-error';

jest.mock('@mantine/notifications', () => ({ notifications: { show: jest.fn(() => 'id') } }));

const show = jest.mocked(notifications.show);
const MESSAGE = 'リクエストが多すぎます。しばらくしてから再度お試しください';

describe('toast of calls refused for too many requests', () => {
  beforeEach(() => show.mockClear());

  it('shows the API message of a RATE_LIMITED answer as an error toast, once for calls refused together', () => {
    toastIfRateLimited(apiErrorFromBody(429, { name: 'ConsoleError', errorCode: 'RATE_LIMITED', message: MESSAGE }));
    expect(show).toHaveBeenCalledTimes(1);
    expect(show.mock.calls[0]![0]).toMatchObject({ id: RATE_LIMITED_TOAST_ID, title: MESSAGE, color: 'red', 'data-toast-type': 'error' });
  });

  it('leaves every other error to its caller', () => {
    toastIfRateLimited(apiErrorFromBody(403, { name: 'ConsoleError', errorCode: 'FORBIDDEN', message: '権限がありません' }));
    toastIfRateLimited(apiErrorFromBody(429, undefined));
    toastIfRateLimited(new Error('network'));
    expect(show).not.toHaveBeenCalled();
  });
});
