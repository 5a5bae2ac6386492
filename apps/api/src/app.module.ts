import { Module, ValidationPipe, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { LoggerModule } from 'nestjs-pino';
import { AuthModule } from './common/auth/auth.module';
import { ErrorFilter } from './common/errors/error.filter';
import { validationExceptionFactory } from './common/http/validation';
import { loggerParams } from './common/logging/logger-options';
import { validatorPackage } from './common/validation/class-validator';
import { MetricsModule } from './modules/metrics/metrics.module';
import { RateLimitModule } from './common/rate-limit/rate-limit.module';
import type { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { dataSourceOptions } from './database/data-source';
import { AccountModule } from './modules/account/account.module';
import { AccountDataModule } from './modules/account-data/account-data.module';
import { AuditLogModule } from './modules/audit/audit-log.module';
import { FilesModule } from './modules/files/files.module';
import { HealthModule } from './modules/health/health.module';
import { InvitationModule } from './modules/invitation/invitation.module';
import { KarteMappingModule } from './modules/karte-mapping/karte-mapping.module';
import { MailModule } from './modules/mail/mail.module';
import { MemberCsvModule } from './modules/member-csv/member-csv.module';
import { RoleAssignmentModule } from './modules/membership/role-assignment.module';
import { OrganizationModule } from './modules/organization/organization.module';
import { ProjectModule } from './modules/project/project.module';
import { SeedModule } from './modules/seed/seed.module';
import { SessionModule } from './modules/session/session.module';
import { SessionStoreModule } from './modules/session/session-store.module';
import { SystemAdminModule } from './modules/system-admin/system-admin.module';
import { OrganizationDomainModule } from './modules/organization-domain/organization-domain.module';
import { OrganizationDeletionModule } from './modules/organization-deletion/organization-deletion.module';
import { OrganizationExportModule } from './modules/organization-export/organization-export.module';
import { SecondFactorModule } from './modules/second-factor/second-factor.module';
import { ServiceCredentialModule } from './modules/service-credential/service-credential.module';
import { ServiceCredentialStoreModule } from './modules/service-credential/service-credential-store.module';
import { OrganizationJoinModule } from './modules/organization-join/organization-join.module';
import { WebhookModule } from './modules/webhook/webhook.module';
import { SsoModule } from './modules/sso/sso.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggerModule.forRoot(loggerParams(config.logLevel)),
        DatabaseModule.forRoot({
          ...dataSourceOptions(config.databaseUrl, config.databasePoolMax, config.databasePreparedStatements),
          migrationsRun: config.migrateOnStart,
        }),
        AuthModule.forRoot({ imports: [AccountModule, SessionStoreModule, ServiceCredentialStoreModule] }),
        RateLimitModule,
        HealthModule,
        AccountModule,
        AccountDataModule,
        SecondFactorModule,
        OrganizationModule,
        ProjectModule,
        RoleAssignmentModule,
        SystemAdminModule,
        KarteMappingModule,
        FilesModule,
        SeedModule,
        MailModule,
        InvitationModule,
        MemberCsvModule,
        SessionModule,
        AuditLogModule,
        OrganizationDomainModule,
        OrganizationDeletionModule,
        OrganizationExportModule,
        ServiceCredentialModule,
        OrganizationJoinModule,
        WebhookModule,
        SsoModule,
        MetricsModule,
      ],
      providers: [
        { provide: APP_FILTER, useClass: ErrorFilter },
        {
          provide: APP_PIPE,
          useValue: new ValidationPipe({
            whitelist: true,
            forbidNonWhitelisted: true,
            transform: true,
            exceptionFactory: validationExceptionFactory,
            validatorPackage,
          }),
        },
      ],
    };
  }
}
