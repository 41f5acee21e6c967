// What a component's `import './x.css'` loads in the unit tests: styles do not matter in jsdom.
export default {};
