def escalation_path(directory, person_id):
    person = directory.get(person_id)
    chain = directory.chain_of_command(person_id)
    return " -> ".join([person.name] + chain)
