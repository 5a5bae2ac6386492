import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { DomainError } from '@console/domain';
import type { FastifyRequest } from 'fastify';
import type { FirebaseUser, Operator } from './operator';
import type { ServiceCaller } from './service-callers';

/** The signed-in account; only on handlers whose access level requires an account. */
export const CurrentOperator = createParamDecorator((_: unknown, ctx: ExecutionContext): Operator => {
  const operator = ctx.switchToHttp().getRequest<FastifyRequest>().operator;
  if (!operator) throw new DomainError('UNAUTHENTICATED');
  return operator;
});

/** The verified Firebase user, whether or not an account exists for it. */
export const CurrentFirebaseUser = createParamDecorator((_: unknown, ctx: ExecutionContext): FirebaseUser => {
  const user = ctx.switchToHttp().getRequest<FastifyRequest>().firebaseUser;
  if (!user) throw new DomainError('UNAUTHENTICATED');
  return user;
});

/** The sibling product calling a `service` handler. */
export const CurrentServiceCaller = createParamDecorator((_: unknown, ctx: ExecutionContext): ServiceCaller => {
  const caller = ctx.switchToHttp().getRequest<FastifyRequest>().serviceCaller;
  if (!caller) throw new DomainError('UNAUTHENTICATED');
  return caller;
});
