package muscle
