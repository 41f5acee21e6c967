// Stylesheets imported by components under test: jsdom lays nothing out, so they load as nothing.
export {};
