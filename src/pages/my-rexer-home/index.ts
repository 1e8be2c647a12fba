export { MyRexerHomePage } from './ui/my-rexer-home-page';
