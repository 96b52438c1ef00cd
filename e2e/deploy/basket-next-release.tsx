// A second release of the mf_basket remote for the remote-swap test: the real remote with one visible change in its
// basket panel. Built by remote-variant.webpack.cjs into its own folder, never into mf-basket/dist.
import type { StepProps } from '@checkout/shared';
import { stepParcel } from '@checkout/shared/parcel';
import { BasketStep } from '../../mf-basket/src/basket/Step';
import { NEXT_RELEASE_MARKER } from './next-release';

export * from '../../mf-basket/src/index';

function NextReleaseBasket(props: StepProps) {
  return (
    <>
      <p>{NEXT_RELEASE_MARKER}</p>
      <BasketStep {...props} />
    </>
  );
}

export const basket = stepParcel(NextReleaseBasket);
