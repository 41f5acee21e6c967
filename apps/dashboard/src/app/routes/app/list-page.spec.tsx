import { describe, expect, it } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import { ListPage } from './list-page';

describe('ListPage', () => {
  it('titles the page and the document, opens its create dialog from the button, and shows filters and list', () => {
    render(
      <ListPage
        title="Files"
        description="Encrypted at rest."
        createLabel="Upload file"
        createDialog={(open, onOpenChange) =>
          open ? (
            <div role="dialog" aria-label="Upload a file">
              <button type="button" onClick={() => onOpenChange(false)}>
                Close
              </button>
            </div>
          ) : null
        }
        filters={<input aria-label="Search" />}
      >
        <table aria-label="Files list" />
      </ListPage>,
    );
    expect(screen.getByRole('heading', { name: 'Files' })).toBeTruthy();
    expect(document.title).toContain('Files');
    expect(screen.getByLabelText('Search').parentElement?.className).toBe('toolbar');
    expect(screen.getByRole('table', { name: 'Files list' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Upload file' }));
    expect(screen.getByRole('dialog', { name: 'Upload a file' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('has no toolbar without filters', () => {
    const { container } = render(
      <ListPage title="Resellers" description="-" createLabel="New reseller" createDialog={() => null}>
        <p>list</p>
      </ListPage>,
    );
    expect(container.querySelector('.toolbar')).toBeNull();
  });
});
