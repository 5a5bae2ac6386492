import { ApiProperty } from '../../common/openapi/decorators';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsUUID } from '../../common/validation/class-validator';
import { isoTime } from '../../common/http/iso-time';
import type { EmailOutboxEntity } from '../mail/email-outbox.entity';

/** Most e-mails one requeue call takes (and one listing returns). */
export const MAX_FAILED_EMAILS = 500;

export class FailedEmailResponse {
  @ApiProperty({ format: 'uuid', description: 'The stable message id (also handed to the mail service).' }) id: string;
  @ApiProperty({ example: 'invitation' }) kind: string;
  @ApiProperty({ type: String, nullable: true, description: 'What the e-mail is about, e.g. the invitation id.' }) referenceId: string | null;
  @ApiProperty({ example: 'hanako.sato@example.jp' }) toEmail: string;
  @ApiProperty({ example: '株式会社サンプルへの招待' }) subject: string;
  @ApiProperty() attempts: number;
  @ApiProperty({ type: String, nullable: true, description: 'The error of the last attempt.' }) lastError: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class RequeueEmailsRequest {
  @ApiProperty({ type: [String], format: 'uuid', description: 'Ids of failed e-mails to send again.' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_FAILED_EMAILS)
  @IsUUID('all', { each: true })
  ids: string[];
}

export class RequeueEmailsResponse {
  @ApiProperty({ type: [String], format: 'uuid', description: 'The e-mails queued again (due now, attempts reset); one being sent right now is left alone.' })
  requeued: string[];
}

export function toFailedEmailResponse(message: EmailOutboxEntity): FailedEmailResponse {
  return {
    id: message.id,
    kind: message.kind,
    referenceId: message.referenceId,
    toEmail: message.toEmail,
    subject: message.subject,
    attempts: message.attempts,
    lastError: message.lastError,
    createdAt: isoTime(message.createdAt),
  };
}
