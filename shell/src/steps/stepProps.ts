import type { Scope } from 'effector';
import {
  CONTRACT_VERSION,
  type ApiClient,
  type CheckoutState,
  type RuntimeConfig,
  type StepProps,
} from '@checkout/shared';
import { stepCommands, stepStores } from '../model';

/** What a mounted step gets from the shell: its scope, the model's stores and commands, the API client and config. */
export function stepPropsFactory(scope: Scope, api: ApiClient, config: RuntimeConfig) {
  return (state: CheckoutState): StepProps => ({
    contractVersion: CONTRACT_VERSION,
    state,
    scope,
    stores: stepStores,
    commands: stepCommands,
    api,
    config,
  });
}
