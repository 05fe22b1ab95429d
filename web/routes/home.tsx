import { FeatureCards } from '../features/home/FeatureCards.tsx';
import { LandingHero } from '../features/home/LandingHero.tsx';

export default function HomePage() {
  return (
    <>
      <LandingHero />
      <FeatureCards />
    </>
  );
}
