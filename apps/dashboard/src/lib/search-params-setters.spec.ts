import { describe, expect, it, jest } from '@jest/globals';
import { filterSetter, pageSetter } from './search-params';

interface Search {
  status?: string;
  search?: string;
  page?: number;
  ledgerPage?: number;
}

/** A navigate that applies the search updater to `current` and records the result. */
function recorder(current: Search) {
  const results: Search[] = [];
  const navigate = jest.fn(async ({ search }: { search: (prev: Search) => Search }) => {
    results.push(search(current));
  });
  return { navigate, results };
}

describe('pageSetter', () => {
  it('moves to a page and keeps the other params', () => {
    const { navigate, results } = recorder({ status: 'USED', page: 1 });
    pageSetter(navigate)(3);
    expect(results).toEqual([{ status: 'USED', page: 3 }]);
  });

  it('sets another page param when told', () => {
    const { navigate, results } = recorder({ page: 2 });
    pageSetter(navigate, 'ledgerPage')(4);
    expect(results).toEqual([{ page: 2, ledgerPage: 4 }]);
  });
});

describe('filterSetter', () => {
  it('sets the filters and goes back to the first page', () => {
    const { navigate, results } = recorder({ status: 'USED', search: 'old', page: 5 });
    filterSetter(navigate)({ search: 'new' });
    expect(results).toEqual([{ status: 'USED', search: 'new', page: undefined }]);
  });
});
