import type { RouteResponse, Routes } from '@solutionz/shared';

export interface SystemDeps {
  readonly stage: string;
  readonly now: () => Date;
}

export function health(deps: SystemDeps): RouteResponse<Routes['health']> {
  return { status: 'ok', stage: deps.stage, time: deps.now().toISOString() };
}
