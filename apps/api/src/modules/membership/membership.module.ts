import { Module } from '@nestjs/common';
import { AccessRepository } from './access.repository';
import { AccessService } from './access.service';
import { MembershipRepository } from './membership.repository';
import { MembershipService } from './membership.service';

/**
 * Organization and project memberships: their tables (MembershipRepository, the only one that
 * touches them), and the access service that answers every permission question from them
 * (with AccessRepository's statements).
 */
@Module({
  providers: [MembershipRepository, AccessRepository, MembershipService, AccessService],
  exports: [MembershipRepository, MembershipService, AccessService],
})
export class MembershipModule {}
