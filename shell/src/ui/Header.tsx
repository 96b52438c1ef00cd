import { useUnit } from 'effector-react';
import * as commonMessages from '@checkout/shared/messages/common';
import { $state, $testMode } from '../model';
import type { Brand } from './brand';
import { Countdown } from './Countdown';
import { Mark } from './Mark';
import { Progress } from './Progress';

/**
 * The page's banner: the marketplace's name and mark (a link back to its events), the countdown once tickets are
 * reserved, and the checkout's progress, kept at the top of the screen so the time left is always in sight. Never an
 * empty strip, whatever the state. Above it, while some way of paying takes test money, the TEST MODE strip, so
 * nobody takes a demo for a real sale.
 */
export function Header({ brand }: { brand: Brand }) {
  const [state, testMode] = useUnit([$state, $testMode]);
  return (
    <>
      {/* Outside the header, which stays at the top of the screen: the strip is said once, not carried down the page. */}
      {testMode ? (
        <p className="test-mode" role="note">
          {commonMessages.testModeNotice}
        </p>
      ) : null}
      <header className="shell-header">
        <div className="container shell-header__inner">
          <a className="brand" href={brand.homeUrl}>
            {brand.logoUrl ? <img className="brand__logo" src={brand.logoUrl} alt="" height={32} /> : <Mark />}
            <span className="brand__name">{brand.name}</span>
          </a>
          <Countdown />
        </div>
        <div className="container shell-header__progress">
          <Progress state={state} />
        </div>
      </header>
    </>
  );
}
