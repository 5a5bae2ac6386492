import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { ACCESS_KEY } from './access.decorator';

/** Refuses to start when a route handler declares no access level (deny by default). */
@Injectable()
export class AccessDeclarationsCheck implements OnModuleInit {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
  ) {}

  onModuleInit(): void {
    const undeclared: string[] = [];
    for (const wrapper of this.discovery.getControllers()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance) continue;
      const prototype = Object.getPrototypeOf(instance) as object;
      for (const name of this.scanner.getAllMethodNames(prototype)) {
        const handler = (prototype as Record<string, unknown>)[name] as object;
        if (!Reflect.getMetadata('path', handler)) continue;
        const level: unknown = Reflect.getMetadata(ACCESS_KEY, handler) ?? Reflect.getMetadata(ACCESS_KEY, instance.constructor);
        if (!level) undeclared.push(`${wrapper.name}.${name}`);
      }
    }
    if (undeclared.length > 0) {
      throw new Error(`Route handlers without an @Access declaration: ${undeclared.join(', ')}`);
    }
  }
}
