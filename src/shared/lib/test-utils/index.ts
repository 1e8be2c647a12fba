export { renderPage, testI18n, fakeApi, type FetchMock, type FakeCall, type FakeAnswer, type RenderPageOptions } from './render-page';
