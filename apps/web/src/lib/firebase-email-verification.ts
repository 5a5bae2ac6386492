// The identity provider's e-mail that verifies a user's address, downloaded only when somebody asks
// for it (docs/product-rules.md#auto-join): not part of the SDK every signed-in page loads.
export { sendEmailVerification } from 'firebase/auth';
