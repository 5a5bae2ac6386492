/** The verified Firebase user behind a request. */
export interface FirebaseUser {
  uid: string;
  email: string;
}

/** The current operator handed to handlers (spec §3). */
export interface Operator {
  id: string;
  email: string;
  isSystemAdmin: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    firebaseUser?: FirebaseUser;
    operator?: Operator;
  }
}
