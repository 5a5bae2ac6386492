import { ApiProperty } from '../../common/openapi/decorators';
import { normalizeRoleDescription } from '@console/domain';
import type { RoleEntity } from './role.entity';

export class RoleResponse {
  @ApiProperty({ minLength: 10, maxLength: 10 }) id: string;
  @ApiProperty({ example: 'admin' }) key: string;
  @ApiProperty({ example: '管理者' }) name: string;
  @ApiProperty({ description: "'' when the role has no description.", example: '組織を管理・設定できます' }) description: string;
  @ApiProperty() isPreset: boolean;
}

function toRoleResponse(role: RoleEntity): RoleResponse {
  return { id: role.id, key: role.key, name: role.name, description: normalizeRoleDescription(role.description), isPreset: role.isPreset };
}

/** Groups roles by a key (organization id or project id), keeping their order. */
export function groupRoles(roles: readonly RoleEntity[], keyOf: (role: RoleEntity) => string | null): Map<string, RoleResponse[]> {
  const result = new Map<string, RoleResponse[]>();
  for (const role of roles) {
    const key = keyOf(role);
    if (key === null) continue;
    const list = result.get(key) ?? [];
    list.push(toRoleResponse(role));
    result.set(key, list);
  }
  return result;
}
