/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * OSD's context container (src/core/utils/context.ts) for route handlers: providers are
 * registered by name, once each; for every request they run in registration order, core's
 * first, each given the context built so far (limited to core's, its own plugin's and that
 * plugin's dependencies' contexts) and the handler's arguments (request, response factory);
 * the awaited value lands on `context[name]`.
 */
import type {
  HandlerContextType,
  HandlerFunction,
  HandlerParameters,
  IContextContainer,
  IContextProvider,
  PluginOpaqueId,
  ShallowPromise,
} from 'opensearch-dashboards/server';

export class HostContextContainer<
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  THandler extends HandlerFunction<any>,
> implements IContextContainer<THandler> {
  private readonly providers = new Map<
    PropertyKey,
    { provider: IContextProvider<THandler, keyof HandlerContextType<THandler>>; source: symbol }
  >();
  private readonly namesBySource = new Map<symbol, PropertyKey[]>();

  /** `pluginDependencies`: each plugin's opaque id → the opaque ids of its dependencies. */
  constructor(
    private readonly pluginDependencies: ReadonlyMap<PluginOpaqueId, PluginOpaqueId[]>,
    private readonly coreId: symbol
  ) {
    this.namesBySource.set(coreId, []);
  }

  registerContext<TContextName extends keyof HandlerContextType<THandler>>(
    source: PluginOpaqueId,
    contextName: TContextName,
    provider: IContextProvider<THandler, TContextName>
  ): this {
    if (this.providers.has(contextName)) {
      throw new Error(`Context provider for ${String(contextName)} has already been registered.`);
    }
    if (source !== this.coreId && !this.pluginDependencies.has(source)) {
      throw new Error(`Cannot register context for unknown plugin: ${source.toString()}`);
    }
    this.providers.set(contextName, {
      provider: provider as unknown as IContextProvider<
        THandler,
        keyof HandlerContextType<THandler>
      >,
      source,
    });
    this.namesBySource.set(source, [...(this.namesBySource.get(source) ?? []), contextName]);
    return this;
  }

  createHandler(source: PluginOpaqueId, handler: THandler) {
    if (source !== this.coreId && !this.pluginDependencies.has(source)) {
      throw new Error(`Cannot create handler for unknown plugin: ${source.toString()}`);
    }
    return (async (...args: HandlerParameters<THandler>) => {
      const context = await this.buildContext(source, args);
      return handler(context, ...args);
    }) as (...args: HandlerParameters<THandler>) => ShallowPromise<ReturnType<THandler>>;
  }

  private async buildContext(source: symbol, args: HandlerParameters<THandler>) {
    const visible = this.namesFor(source);
    const entries = [...this.providers].filter(([name]) => visible.has(name));
    // Core's providers first, then the rest in registration order (a stable sort).
    entries.sort(
      ([, a], [, b]) => Number(b.source === this.coreId) - Number(a.source === this.coreId)
    );
    let context: Record<PropertyKey, unknown> = {};
    for (const [name, { provider, source: providerSource }] of entries) {
      const exposedNames = this.namesFor(providerSource);
      const exposed = Object.fromEntries(
        Object.entries(context).filter(([key]) => exposedNames.has(key))
      );
      const value = await (provider as (...a: unknown[]) => unknown)(exposed, ...args);
      context = { ...context, [name]: value };
    }
    return context as HandlerContextType<THandler>;
  }

  private namesFor(source: symbol): Set<PropertyKey> {
    const core = this.namesBySource.get(this.coreId) ?? [];
    if (source === this.coreId) return new Set(core);
    const deps = this.pluginDependencies.get(source);
    if (!deps) throw new Error(`Cannot create context for unknown plugin: ${source.toString()}`);
    return new Set([
      ...core,
      ...(this.namesBySource.get(source) ?? []),
      ...deps.flatMap((dep) => this.namesBySource.get(dep) ?? []),
    ]);
  }
}
