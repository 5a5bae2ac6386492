import { signedInFromStorage } from '@/lib/storage';

describe('whether somebody is signed in before the identity provider SDK loads', () => {
  it('follows the marker of the provider’s last report', () => {
    expect(signedInFromStorage('1', ['console.signedIn'])).toBe(true);
    expect(signedInFromStorage('0', ['console.signedIn'])).toBe(false);
    expect(signedInFromStorage('0', ['console.signedIn', 'console.latestProjectId', 'console.language'])).toBe(false);
  });

  it('answers nobody for a browser without a marker that was not signed in to the console before (a first visit, or site data cleared)', () => {
    expect(signedInFromStorage(null, [])).toBe(false);
    // Every page keeps the language, signed in or not; other values are not the console's.
    expect(signedInFromStorage(null, ['console.language'])).toBe(false);
    expect(signedInFromStorage(null, ['other-app.token', 'firebase:authUser:key:[DEFAULT]'])).toBe(false);
  });

  it('leaves it to the SDK for a browser signed in to the console before the marker was kept', () => {
    expect(signedInFromStorage(null, ['console.latestProjectId'])).toBeUndefined();
    expect(signedInFromStorage(null, ['console.latestProductByProjectId'])).toBeUndefined();
    expect(signedInFromStorage(null, ['console.language', 'console.latestProjectId', 'other-app.token'])).toBeUndefined();
  });

  it('leaves it to the SDK when the marker holds something it never writes', () => {
    expect(signedInFromStorage('true', ['console.signedIn'])).toBeUndefined();
    expect(signedInFromStorage('', ['console.signedIn'])).toBeUndefined();
  });
});
