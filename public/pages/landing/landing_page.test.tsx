import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/support/render';
import { LookupsApp } from '../../app';
import { LandingPage, OUTPUTLOOKUP_SYNTAX } from './landing_page';

describe('LandingPage', () => {
  it('shows the heading and the outputlookup syntax, and sets the breadcrumbs', () => {
    const { services } = renderWithProviders(<LandingPage />);

    expect(screen.getByTestId('lookupsLandingTitle')).toHaveProperty('tagName', 'H1');
    expect(screen.getByTestId('lookupsLandingTitle').textContent).toBe('Lookups');
    expect(screen.getByTestId('lookupsOutputlookupSyntax').textContent).toContain(
      '... | outputlookup [append=<bool>] [override_if_empty=<bool>] [key_field=f1,f2] [max=<n>] <name>'
    );
    expect(OUTPUTLOOKUP_SYNTAX).toContain('outputlookup');
    expect(services.chrome.setBreadcrumbs).toHaveBeenCalledWith([{ text: 'Lookups' }]);
    expect(services.chrome.docTitle.change).toHaveBeenCalledWith('Lookups');
  });
});

describe('LookupsApp routes', () => {
  const selectedTab = () =>
    screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true');

  it.each([
    { route: '/', tab: 'Query', panel: 'lookupsComingSoon-query' },
    { route: '/query', tab: 'Query', panel: 'lookupsComingSoon-query' },
    { route: '/lookups', tab: 'Catalog', panel: 'lookupsComingSoon-catalog' },
    { route: '/lookups/hosts/versions', tab: 'Catalog', panel: 'lookupsComingSoon-catalog' },
  ])('$route selects the $tab tab', ({ route, tab, panel }) => {
    renderWithProviders(<LookupsApp />, { route });
    expect(selectedTab()?.textContent).toBe(tab);
    expect(screen.getByTestId(panel)).toBeTruthy();
  });

  it('records the page and the lookup of a deep link in the store', () => {
    const { store } = renderWithProviders(<LookupsApp />, { route: '/lookups/hosts/versions' });
    expect(store.getState().ui).toEqual({
      page: 'lookup',
      lookupName: 'hosts',
      lookupTab: 'versions',
    });
    expect(within(screen.getByRole('tabpanel')).getByText(/"hosts"/)).toBeTruthy();
  });

  it('switches tabs through the router', () => {
    const { store } = renderWithProviders(<LookupsApp />, { route: '/query' });
    fireEvent.click(screen.getByTestId('lookupsTab-catalog'));
    expect(selectedTab()?.textContent).toBe('Catalog');
    expect(store.getState().ui.page).toBe('catalog');
  });
});
