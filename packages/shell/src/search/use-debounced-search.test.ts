import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, useDebouncedSearch } from './use-debounced-search.ts';

describe('a debounced search box', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('commits the trimmed text once typing pauses, and at once on flush', () => {
    const commit = vi.fn();
    const { result } = renderHook(() => useDebouncedSearch('', commit));

    act(() => result.current.setDraft(' key '));
    expect(result.current.draft).toBe(' key ');
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    });
    expect(commit).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(commit).toHaveBeenCalledExactlyOnceWith('key');

    act(() => result.current.setDraft('office'));
    act(() => result.current.flush());
    expect(commit).toHaveBeenLastCalledWith('office');
  });

  it('keeps what was typed after a commit when that commit reaches the stored value late', () => {
    const commit = vi.fn();
    const { result, rerender } = renderHook(({ value }) => useDebouncedSearch(value, commit), { initialProps: { value: '' } });

    act(() => result.current.setDraft('Bundle'));
    act(() => result.current.flush());
    expect(commit).toHaveBeenLastCalledWith('Bundle');
    // The user types on before the address has caught up with "Bundle".
    act(() => result.current.setDraft('Planner'));
    rerender({ value: 'Bundle' });
    expect(result.current.draft).toBe('Planner');
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    });
    expect(commit).toHaveBeenLastCalledWith('Planner');

    // A change from outside afterwards (Back) still shows.
    rerender({ value: 'Planner' });
    rerender({ value: 'Bundle' });
    expect(result.current.draft).toBe('Bundle');
  });

  it('shows a stored value changed from outside (Back, a link) without committing it again', () => {
    const commit = vi.fn();
    const { result, rerender } = renderHook(({ value }) => useDebouncedSearch(value, commit), { initialProps: { value: 'a' } });

    rerender({ value: 'b' });
    expect(result.current.draft).toBe('b');
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2);
    });
    expect(commit).not.toHaveBeenCalled();
  });
});
