import type { ListScope } from '../../../components/search-list/useSearchList';
import { useSelectedProducer } from './selected-producer';

/** The scope of every producer list: the sub-partner chosen in the team tree, or the signed-in producer (null). */
export function useListScope(): ListScope {
  const { selected } = useSelectedProducer();
  return { selectedProducerId: selected?.producerId ?? null, includedTeam: selected?.includedTeam ?? true };
}
