import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { ADMIN_ROLE_KEY, ROOT_ACCOUNT_ID } from '@console/domain';
import { FirebaseAuthService } from '../../common/auth/firebase-auth.service';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { AccountEntity } from '../account/account.entity';
import { AccountRepository } from '../account/account.repository';
import { MembershipService } from '../membership/membership.service';
import { OrganizationRepository } from '../organization/organization.repository';
import { OrganizationService } from '../organization/organization.service';
import { ProjectService } from '../project/project.service';
import { RoleRepository } from '../role/role.repository';

/** Fixed ids of the demo data, so that seeding is idempotent. */
const DEMO = {
  organizationId: 'demoOrg1',
  projectWithKnowledgeId: 'demoPrj1',
  projectWithoutProductsId: 'demoPrj2',
  password: 'console-admin-1',
} as const;

/**
 * Bootstraps the root account (the first system administrator, email from configuration) and,
 * when SEED_DEMO_DATA is on, demo data: the root user in the Auth Emulator, an organization with
 * two projects, the knowledge product on enterprise for one.
 */
@Injectable()
export class SeedService implements OnApplicationBootstrap {
  private readonly logger = new Logger(SeedService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly transactions: TransactionHost,
    private readonly accounts: AccountRepository,
    private readonly organizations: OrganizationRepository,
    private readonly organizationService: OrganizationService,
    private readonly projectService: ProjectService,
    private readonly memberships: MembershipService,
    private readonly roles: RoleRepository,
    private readonly firebase: FirebaseAuthService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.ensureRootAccount();
    if (this.config.seedDemoData) await this.seedDemoData();
  }

  private async ensureRootAccount(): Promise<void> {
    const existing = await this.accounts.findById(ROOT_ACCOUNT_ID);
    if (existing) return;
    const root = Object.assign(new AccountEntity(), {
      id: ROOT_ACCOUNT_ID,
      idaasId: null,
      name: null,
      email: this.config.rootAccountEmail,
      profileImageSrc: null,
      isSystemAdmin: true,
      createdById: ROOT_ACCOUNT_ID,
      updatedById: ROOT_ACCOUNT_ID,
    });
    // Several instances may start at once: the first to insert bootstraps the account.
    if (await this.accounts.insertIfAbsent(root)) this.logger.log(`Root system administrator ${root.email} bootstrapped`);
  }

  private async seedDemoData(): Promise<void> {
    const email = this.config.rootAccountEmail;
    let uid: string;
    try {
      uid = (await this.firebase.auth.getUserByEmail(email)).uid;
    } catch {
      uid = (await this.firebase.auth.createUser({ email, password: DEMO.password, emailVerified: true })).uid;
    }
    await this.transactions.withTransaction(async () => {
      const root = await this.accounts.findById(ROOT_ACCOUNT_ID);
      if (root && root.idaasId === null) await this.accounts.update(ROOT_ACCOUNT_ID, { idaasId: uid });
      // A deleted demo organization is left as it is (restorable, then purged), not made again.
      if (await this.organizations.findAnyForUpdate(DEMO.organizationId)) return;
      const operator = { id: ROOT_ACCOUNT_ID };
      await this.organizationService.create(operator, { id: DEMO.organizationId, name: 'デモ組織' });
      await this.projectService.create(operator, {
        id: DEMO.projectWithKnowledgeId,
        organizationId: DEMO.organizationId,
        name: 'ナレッジ活用プロジェクト',
        productSettings: { knowledge: { plan: 'enterprise' } },
      });
      await this.projectService.create(operator, { id: DEMO.projectWithoutProductsId, organizationId: DEMO.organizationId, name: '準備中プロジェクト' });
      await this.addAdmin(ROOT_ACCOUNT_ID);
    });
    this.logger.log(`Demo data ready: sign in as ${email} / ${DEMO.password}`);
  }

  /** Makes the account admin of the demo organization and of its projects. */
  private async addAdmin(accountId: string): Promise<void> {
    const [organizationAdmin] = (await this.roles.findOrganizationRoles([DEMO.organizationId])).filter((r) => r.key === ADMIN_ROLE_KEY);
    if (!organizationAdmin) return;
    const projectRoles = await this.roles.findProjectRoles([DEMO.projectWithKnowledgeId, DEMO.projectWithoutProductsId]);
    const projects = projectRoles.flatMap((r) => (r.key === ADMIN_ROLE_KEY && r.projectId !== null ? [{ projectId: r.projectId, roleId: r.id }] : []));
    await this.memberships.add(accountId, { organizationId: DEMO.organizationId, roleId: organizationAdmin.id, projects }, accountId);
  }
}
