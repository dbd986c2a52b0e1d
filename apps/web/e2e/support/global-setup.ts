import { describeChromium, testChromium } from './chromium.ts';

export default function globalSetup() {
  console.log(describeChromium(testChromium()));
}
