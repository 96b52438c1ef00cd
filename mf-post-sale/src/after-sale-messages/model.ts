import { createEvent, sample } from 'effector';
import { depsReceived, shellCommandsSent, stepCompleted, type StepDeps } from '@checkout/shared/parcel';

export const messagesShown = createEvent<{ deps: StepDeps }>();
export const continueClicked = createEvent();

sample({ clock: messagesShown, fn: ({ deps }) => deps, target: depsReceived });
sample({ clock: continueClicked, fn: () => [stepCompleted], target: shellCommandsSent });
