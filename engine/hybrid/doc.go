package hybrid
