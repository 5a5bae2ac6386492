import { ERROR_MESSAGES } from '@console/domain';
import { notifications } from '@mantine/notifications';
import { refusalReason, toastOnError } from '@/components/toasts';
import { apiErrorFromBody } from '@/lib/api-error';

jest.mock('@mantine/notifications', () => ({ notifications: { show: jest.fn(() => 'id') } }));

const show = jest.mocked(notifications.show);
const LAST_ADMIN_MESSAGE = '組織には少なくとも1人の管理者が必要です';
const lastAdmin = () => apiErrorFromBody(409, { name: 'ConsoleError', errorCode: 'LAST_ADMIN', message: LAST_ADMIN_MESSAGE });

describe('error toasts of refused membership changes', () => {
  beforeEach(() => {
    show.mockClear();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  afterEach(() => jest.restoreAllMocks());

  it('shows why the last admin cannot be demoted or removed under the failed action’s title', () => {
    toastOnError('ロールの変更ができませんでした')(lastAdmin());
    expect(show).toHaveBeenCalledTimes(1);
    expect(show.mock.calls[0]![0]).toMatchObject({
      title: 'ロールの変更ができませんでした',
      message: LAST_ADMIN_MESSAGE,
      color: 'red',
      'data-toast-type': 'error',
    });
  });

  it('gives the API message of LAST_ADMIN and CANNOT_CHANGE_OWN_ROLE as the reason', () => {
    expect(ERROR_MESSAGES.LAST_ADMIN).toBe(LAST_ADMIN_MESSAGE);
    expect(refusalReason(lastAdmin())).toBe(LAST_ADMIN_MESSAGE);
    const ownRole = apiErrorFromBody(403, { name: 'ConsoleError', errorCode: 'CANNOT_CHANGE_OWN_ROLE', message: ERROR_MESSAGES.CANNOT_CHANGE_OWN_ROLE });
    expect(refusalReason(ownRole)).toBe('自分のロールは変更できません');
  });

  it('gives the API message of INVITER_LACKS_RIGHTS as the reason an invitation could not be accepted', () => {
    const inviter = apiErrorFromBody(409, { name: 'ConsoleError', errorCode: 'INVITER_LACKS_RIGHTS', message: ERROR_MESSAGES.INVITER_LACKS_RIGHTS });
    expect(refusalReason(inviter)).toBe('招待した人がこの権限を付与できなくなったため、招待は取り消されました');
  });

  it('gives no reason for any other error, so the toast keeps its title only', () => {
    expect(refusalReason(apiErrorFromBody(403, { name: 'ConsoleError', errorCode: 'FORBIDDEN', message: '権限がありません' }))).toBeUndefined();
    expect(refusalReason(apiErrorFromBody(409, { errorCode: 'LAST_ADMIN', message: 'not the product’s body' }))).toBeUndefined();
    expect(refusalReason(new Error('network'))).toBeUndefined();
    toastOnError('メンバーの削除に失敗しました')(apiErrorFromBody(500, undefined));
    expect(show.mock.calls[0]![0]).toMatchObject({ title: 'メンバーの削除に失敗しました', message: null });
  });
});
