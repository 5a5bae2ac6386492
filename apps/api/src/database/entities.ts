import { AccountEntity } from '../modules/account/account.entity';
import { ChangeEventEntity, WebhookDeliveryEntity, WebhookEndpointEntity } from '../modules/change-event/change-event.entity';
import { AuditEventEntity } from '../modules/audit/audit-event.entity';
import { IdempotencyKeyEntity } from '../modules/idempotency/idempotency-key.entity';
import { InvitationEntity } from '../modules/invitation/invitation.entity';
import { OrganizationKarteMappingEntity } from '../modules/karte-mapping/organization-karte-mapping.entity';
import { ProjectKarteMappingEntity } from '../modules/karte-mapping/project-karte-mapping.entity';
import { EmailOutboxEntity } from '../modules/mail/email-outbox.entity';
import { OrganizationMembershipEntity } from '../modules/membership/organization-membership.entity';
import { OrganizationEntity } from '../modules/organization/organization.entity';
import { OrganizationDomainEntity } from '../modules/organization-domain/organization-domain.entity';
import { SsoAttemptEntity } from '../modules/sso/sso-attempt.entity';
import { SsoConnectionEntity } from '../modules/sso/sso-connection.entity';
import { JoinRequestEntity } from '../modules/organization-join/join-request.entity';
import { ProjectMembershipEntity } from '../modules/membership/project-membership.entity';
import { ProjectEntity } from '../modules/project/project.entity';
import { RoleEntity } from '../modules/role/role.entity';
import { UsedSamlAssertionEntity } from '../modules/saml/used-saml-assertion.entity';
import { ServiceCredentialEntity, ServiceCredentialSecretEntity } from '../modules/service-credential/service-credential.entity';
import { SessionEntity } from '../modules/session/session.entity';

/** Every entity of the schema; a new entity is registered here. */
export const ENTITIES = [
  AccountEntity,
  OrganizationEntity,
  OrganizationMembershipEntity,
  ProjectEntity,
  ProjectMembershipEntity,
  RoleEntity,
  OrganizationKarteMappingEntity,
  ProjectKarteMappingEntity,
  InvitationEntity,
  EmailOutboxEntity,
  AuditEventEntity,
  IdempotencyKeyEntity,
  SessionEntity,
  OrganizationDomainEntity,
  ServiceCredentialEntity,
  ServiceCredentialSecretEntity,
  JoinRequestEntity,
  ChangeEventEntity,
  WebhookEndpointEntity,
  WebhookDeliveryEntity,
  SsoConnectionEntity,
  SsoAttemptEntity,
  UsedSamlAssertionEntity,
];
