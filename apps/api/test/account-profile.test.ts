import { createCaller, createSystemAdmin, uniqueEmail, type AccountBody } from './support/fixtures';
import { call, changeUserEmail, startApi, type TestApi } from './support/harness';

describe('own account', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startApi();
  });

  afterAll(async () => {
    await api.close();
  });

  describe('/account/update', () => {
    it('changes and clears the name and the image', async () => {
      const caller = await createCaller(api);
      const updated = await call<AccountBody>(
        api,
        '/account/update',
        { name: ' 山田 太郎 ', profileImageSrc: 'http://localhost:3000/files/abc.webp' },
        caller.token,
      );
      expect(updated).toMatchObject({ status: 200, body: { id: caller.id, name: '山田 太郎', profileImageSrc: 'http://localhost:3000/files/abc.webp' } });
      const nameOnly = await call<AccountBody>(api, '/account/update', { name: '山田' }, caller.token);
      expect(nameOnly.body).toMatchObject({ name: '山田', profileImageSrc: 'http://localhost:3000/files/abc.webp' });
      const cleared = await call<AccountBody>(api, '/account/update', { name: null, profileImageSrc: null }, caller.token);
      expect(cleared.body).toMatchObject({ name: null, profileImageSrc: null });
      expect((await call<AccountBody>(api, '/account/update', { name: '' }, caller.token)).body.name).toBeNull();
    });

    it('refuses a too long name, a non-http image, unknown fields and wrong types', async () => {
      const caller = await createCaller(api);
      expect(await call(api, '/account/update', { name: 'x'.repeat(101) }, caller.token)).toMatchObject({ status: 400, body: { errorCode: 'NAME_TOO_LONG' } });
      expect(await call(api, '/account/update', { profileImageSrc: 'data:image/png;base64,AAAA' }, caller.token)).toMatchObject({
        status: 400,
        body: { errorCode: 'VALIDATION_FAILED' },
      });
      expect(await call(api, '/account/update', { isSystemAdmin: true }, caller.token)).toMatchObject({
        status: 400,
        body: { errorCode: 'VALIDATION_FAILED', message: 'property isSystemAdmin should not exist' },
      });
      expect(await call(api, '/account/update', { name: 42 }, caller.token)).toMatchObject({ status: 400, body: { errorCode: 'VALIDATION_FAILED' } });
    });
  });

  describe('/account/updateEmail', () => {
    it('takes the new email from the verified token', async () => {
      const caller = await createCaller(api);
      const newEmail = uniqueEmail('Renamed');
      const token = await changeUserEmail(caller.token, newEmail);
      const response = await call<AccountBody>(api, '/account/updateEmail', undefined, token);
      expect(response).toMatchObject({ status: 200, body: { id: caller.id, email: newEmail.toLowerCase() } });
      expect((await call<AccountBody>(api, '/account/get', undefined, token)).body.email).toBe(newEmail.toLowerCase());
    });

    it('is a no-op when the email did not change', async () => {
      const caller = await createCaller(api);
      expect(await call(api, '/account/updateEmail', undefined, caller.token)).toMatchObject({ status: 200, body: { email: caller.user.email } });
    });

    it('drops system administration when the email leaves the company domain', async () => {
      const admin = await createSystemAdmin(api);
      const token = await changeUserEmail(admin.token, uniqueEmail('left'));
      const response = await call<AccountBody>(api, '/account/updateEmail', undefined, token);
      expect(response.body.isSystemAdmin).toBe(false);
    });

    it('refuses an address another account still holds with EMAIL_ALREADY_IN_USE', async () => {
      const holder = await createCaller(api);
      const taker = await createCaller(api);
      // The holder moves to a new address in the identity provider without telling the console yet.
      await changeUserEmail(holder.token, uniqueEmail('moved'));
      const token = await changeUserEmail(taker.token, holder.user.email);
      const response = await call(api, '/account/updateEmail', undefined, token);
      expect(response).toMatchObject({ status: 409, body: { errorCode: 'EMAIL_ALREADY_IN_USE' } });
      expect((await call<AccountBody>(api, '/account/get', undefined, token)).body.email).toBe(taker.user.email);
    });

    it('needs an account', async () => {
      expect((await call(api, '/account/updateEmail')).status).toBe(401);
    });
  });
});
