import { Tooltip as RadixTooltip } from 'radix-ui';
import type { ReactNode } from 'react';
import './tooltip.css';

/**
 * A short hint on hover and keyboard focus (Radix Tooltip). The child must be
 * focusable for keyboard users. Each tooltip brings its own provider (as
 * shadcn/ui does), so pages without tooltips do not load them.
 */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  return (
    <RadixTooltip.Provider delayDuration={300}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content className="tooltip" sideOffset={4}>
            {content}
            <RadixTooltip.Arrow className="tooltip-arrow" />
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
