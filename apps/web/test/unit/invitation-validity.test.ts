import { isInvalidInvitationError, isInvitationUsable } from '@/features/invitations/invitation-validity';
import { apiErrorFromBody } from '@/lib/api-error';

const now = new Date('2026-01-10T00:00:00Z');
const organization = { id: 'org00001', name: 'Acme' };

describe('invitation validity', () => {
  it('is usable while pending and the organization exists', () => {
    expect(isInvitationUsable({ invitation: { createdAt: '2026-01-05T00:00:00Z', expiredIn: 604800 }, organization }, now)).toBe(true);
  });

  it('is invalid when expired, accepted, cancelled or without organization', () => {
    expect(isInvitationUsable({ invitation: { createdAt: '2026-01-01T00:00:00Z', expiredIn: 604800 }, organization }, now)).toBe(false);
    expect(
      isInvitationUsable({ invitation: { createdAt: '2026-01-09T00:00:00Z', expiredIn: 604800, acceptedAt: '2026-01-09T01:00:00Z' }, organization }, now),
    ).toBe(false);
    expect(
      isInvitationUsable({ invitation: { createdAt: '2026-01-09T00:00:00Z', expiredIn: 604800, cancelledAt: '2026-01-09T01:00:00Z' }, organization }, now),
    ).toBe(false);
    expect(isInvitationUsable({ invitation: { createdAt: '2026-01-09T00:00:00Z', expiredIn: 604800 }, organization: null }, now)).toBe(false);
    expect(isInvitationUsable(null, now)).toBe(false);
    expect(isInvitationUsable({ invitation: { createdAt: '2026-01-09T00:00:00Z', expiredIn: 604800, status: 'accepted' }, organization }, now)).toBe(false);
    expect(isInvitationUsable({ invitation: { createdAt: '2026-01-09T00:00:00Z', expiredIn: 604800, status: 'pending' }, organization }, now)).toBe(true);
  });

  it("treats the API's INVITATION_INVALID and other 4xx answers as an invalid invitation", () => {
    expect(isInvalidInvitationError(apiErrorFromBody(409, { name: 'ConsoleError', errorCode: 'INVITATION_INVALID', message: '招待が無効です' }))).toBe(true);
    expect(isInvalidInvitationError(apiErrorFromBody(404, null))).toBe(true);
    expect(isInvalidInvitationError(apiErrorFromBody(500, null))).toBe(false);
    expect(isInvalidInvitationError(new Error('x'))).toBe(false);
  });
});
