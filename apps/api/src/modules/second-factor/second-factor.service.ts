import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { Actions, DomainError } from '@console/domain';
import { FirebaseAuthService } from '../../common/auth/firebase-auth.service';
import type { Operator } from '../../common/auth/operator';
import type { AuditContext } from '../audit/audit-context';
import { AuditService } from '../audit/audit.service';
import { AccessService } from '../membership/access.service';
import type { SecondFactorResponse } from './second-factor.dto';

/** A phone number with all but its last four digits hidden (the audit log never holds a whole number). */
function maskPhoneNumber(phoneNumber: string | null): string | null {
  if (phoneNumber === null) return null;
  const country = phoneNumber.startsWith('+81') ? '+81' : '+';
  return `${country}${'*'.repeat(Math.max(phoneNumber.length - country.length - 4, 0))}${phoneNumber.slice(-4)}`;
}

/**
 * The audit events of a person's second factors (docs/product-rules.md#multi-factor-authentication).
 * The web enrols and removes them with the identity provider directly; it then reports the change
 * here, and the change is recorded only as the identity provider confirms it (the factor is
 * enrolled, or no longer is).
 */
@Injectable()
export class SecondFactorService {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly access: AccessService,
    private readonly audit: AuditService,
    private readonly firebase: FirebaseAuthService,
  ) {}

  /** Records the enrolment of a factor the identity provider holds for the caller (SECOND_FACTOR_NOT_FOUND otherwise). */
  async recordEnrollment(operator: Operator, uid: string, factorId: string, audit: AuditContext): Promise<SecondFactorResponse> {
    this.access.assert(operator, Actions.AccountManageOwn);
    const factor = (await this.firebase.enrolledSecondFactors(uid)).find((enrolled) => enrolled.uid === factorId);
    if (!factor) throw new DomainError('SECOND_FACTOR_NOT_FOUND');
    const response = { factorId, kind: factor.factorId, maskedPhoneNumber: maskPhoneNumber(factor.phoneNumber) };
    await this.transactions.withTransaction(() =>
      this.audit.record(audit, {
        action: 'account.enrollSecondFactor',
        targetType: 'account',
        targetId: operator.id,
        changes: { secondFactor: { before: null, after: response } },
      }),
    );
    return response;
  }

  /** Records the removal of a factor the identity provider no longer holds for the caller (CONFLICT while it still does). */
  async recordRemoval(operator: Operator, uid: string, factorId: string, audit: AuditContext): Promise<void> {
    this.access.assert(operator, Actions.AccountManageOwn);
    if ((await this.firebase.enrolledSecondFactors(uid)).some((enrolled) => enrolled.uid === factorId)) throw new DomainError('CONFLICT');
    await this.transactions.withTransaction(() =>
      this.audit.record(audit, {
        action: 'account.removeSecondFactor',
        targetType: 'account',
        targetId: operator.id,
        changes: { secondFactor: { before: { factorId }, after: null } },
      }),
    );
  }
}
