export { sampleCheckout, emptyCheckout, sampleUser } from './sample-data';
export {
  createFakeApi,
  apiFailure,
  failWith,
  type FakeApi,
  type FakeApiCall,
  type FakeApiHandlers,
  type FakeApiOptions,
} from './fake-api';
export { fakeStepProps, type FakeStepOptions, type FakeStepProps } from './fake-step-props';
export { PlaceholderStep, placeholderStep } from './PlaceholderStep';
