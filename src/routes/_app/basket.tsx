import { createFileRoute } from '@tanstack/react-router';
import { BasketList } from '../../features/basket/basket-list';

export const Route = createFileRoute('/_app/basket')({
  component: () => (
    <section aria-labelledby="basket-heading" className="space-y-4">
      <h1 id="basket-heading" className="text-2xl font-semibold tracking-tight">
        Basket
      </h1>
      <p className="text-slate-600 dark:text-slate-400">
        Standards you collected from any framework. Each export and printout carries every standard's own attribution.
      </p>
      <BasketList />
    </section>
  ),
});
