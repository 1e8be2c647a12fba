export {
  renderPage,
  testI18n,
  testQueryClient,
  fakeApi,
  type FetchMock,
  type FakeCall,
  type FakeAnswer,
  type RenderPageOptions,
} from './render-page';
